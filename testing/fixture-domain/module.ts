import type { Job } from "../../generated/prisma/client.js";
import { requirePrincipal } from "../../lib/auth/request-auth.js";
import { NotFoundError, ValidationError } from "../../lib/errors.js";
import { enqueueJob } from "../../lib/jobs/engine.js";
import { defineDomain, type DomainContext } from "../../lib/modules/domain-module.js";
import type { DataRuntime } from "../../lib/runtime.js";
import manifest, { BOARD_EVENTS, SHOUT } from "./manifest.js";

interface Note {
  id: string;
  board: string;
  text: string;
  authorId: number;
}

interface Dependencies {
  runtime: DataRuntime;
  notes: Note[];
}

type Context = DomainContext<Dependencies, Record<string, never>>;

const boardOf = (ctx: Context, name: string) => ({ name, notes: ctx.notes.filter((note) => note.board === name) });

async function ownJob(ctx: Context, id: string): Promise<Job> {
  const principal = requirePrincipal(ctx.auth);
  const job = await ctx.runtime.db.prisma.job.findUnique({ where: { id } });
  if (!job || job.kind !== SHOUT || job.ownerId !== principal.userId) throw new NotFoundError("Job not found");
  return job;
}

const resolvers = {
  Query: {
    board: (_: unknown, { name }: { name: string }, ctx: Context) => boardOf(ctx, name),
    shoutJob: (_: unknown, { id }: { id: string }, ctx: Context) => ownJob(ctx, id),
  },
  Mutation: {
    async addNote(_: unknown, { board, text }: { board: string; text: string }, ctx: Context) {
      const principal = requirePrincipal(ctx.auth);
      if (text.length === 0 || text.length > 200) throw new ValidationError("text", "text must be 1 to 200 characters");
      const note = { id: `N${ctx.notes.length + 1}`, board, text, authorId: principal.userId };
      ctx.notes.push(note);
      await ctx.runtime.bus.publish(BOARD_EVENTS, { board });
      return note;
    },
    shout: (_: unknown, { text }: { text: string }, ctx: Context) =>
      enqueueJob({ db: ctx.runtime.db.prisma, bus: ctx.runtime.bus }, { kind: SHOUT, ownerId: requirePrincipal(ctx.auth).userId, input: { text } }),
  },
  Note: { author: (note: Note) => ({ id: note.authorId }) },
  ShoutJob: {
    text: (job: Job) => (job.result as { text?: string } | null)?.text ?? null,
    error: (job: Job) => (job.errorCode ? { code: job.errorCode, message: job.errorMessage } : null),
  },
};

export default defineDomain(manifest, {
  resolvers,
  settings: (settings) => ({ shoutSuffix: settings.string("FIXTURE_NOTES_SHOUT_SUFFIX", "!") }),
  dependencies: (runtime): Dependencies => ({ runtime, notes: [] }),
  loaders: () => ({}),
  jobs: (_runtime, settings) => ({ [SHOUT]: async (job) => ({ text: `${(job.input as { text: string }).text.toUpperCase()}${settings.shoutSuffix}` }) }),
});
