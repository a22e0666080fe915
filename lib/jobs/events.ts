import type { Job } from "../../generated/prisma/client.js";

/** Channel every job transition is published on, after it commits: `{ kind, id, status }`. */
export const JOB_EVENTS = "jobs";

export interface JobEvent {
  kind: string;
  id: string;
  status: Job["status"];
}
