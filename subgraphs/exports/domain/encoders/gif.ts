import sharp from "sharp";
import { pagePngs, SECONDS_PER_PAGE, type DrawnPages, type ExportFile } from "./export-file.js";

/** GIF: one file; with several pages an animation showing each for 2 seconds, looping. */
export async function gifFile(pages: DrawnPages): Promise<ExportFile[]> {
  const frames = await pagePngs(pages);
  const source = frames.length === 1 ? sharp(frames[0]) : sharp(frames, { join: { animated: true }, limitInputPixels: false });
  const bytes = await source.gif({ delay: frames.map(() => SECONDS_PER_PAGE * 1000), loop: 0 }).toBuffer();
  return [{ name: "design.gif", contentType: "image/gif", bytes }];
}
