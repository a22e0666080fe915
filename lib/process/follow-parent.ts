/**
 * Preloaded (`--import`) into the processes `npm run start:cluster` starts, each over an IPC channel from
 * it: when that channel closes because the cluster's process went away, even killed outright (SIGKILL),
 * this process stops itself as on SIGTERM (lib/process/boot.ts), so no process of the cluster outlives it.
 * Without a channel (any other start) it does nothing.
 */
if (process.channel) {
  // The channel alone must not keep a process alive that has nothing else to do.
  process.channel.unref();
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}

export {};
