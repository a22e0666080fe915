import sharp from "sharp";
import { pagePngs, SECONDS_PER_PAGE, type DrawnPages, type ExportFile } from "./export-file.js";

/**
 * GIF: one file; with several pages an animation showing each for 2 seconds, looping. A GIF has 256
 * colours a palette: in `pro` quality each page gets a palette of its own, searched for hardest (effort
 * 10); `regular` shares one palette between pages where it can (sharp's default).
 */
export async function gifFile(pages: DrawnPages, options: { pro: boolean }): Promise<ExportFile[]> {
  const frames = await pagePngs(pages);
  const source = frames.length === 1 ? sharp(frames[0]) : sharp(frames, { join: { animated: true }, limitInputPixels: false });
  const palettes = options.pro ? { reuse: false, effort: 10 } : {};
  const bytes = await source.gif({ delay: frames.map(() => SECONDS_PER_PAGE * 1000), loop: 0, ...palettes }).toBuffer();
  return [{ name: "design.gif", contentType: "image/gif", bytes }];
}
