import cliProgress from "cli-progress";

/** A long command's progress: a bar on a terminal, nothing at all when the output goes to a file or a pipe. */
export interface Progress {
  /** One step done; `step` names the next one (shown beside the bar). */
  advance(step?: string): void;
  stop(): void;
}

export const SILENT_PROGRESS: Progress = { advance: () => undefined, stop: () => undefined };

export function progressBar(title: string, total: number, stream: NodeJS.WriteStream = process.stdout): Progress {
  if (!stream.isTTY || total === 0) return SILENT_PROGRESS;
  const bar = new cliProgress.SingleBar(
    { stream, format: `${title} {bar} {value}/{total} {step}`, hideCursor: true, clearOnComplete: false, barsize: 30 },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { step: "" });
  return {
    advance: (step = "") => bar.increment(1, { step }),
    stop: () => bar.stop(),
  };
}
