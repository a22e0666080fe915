import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { designUserId } from "../../../lib/auth/design-principal.js";
import type { CommentEvent, JobFinishedEvent } from "../../../lib/jobs/integration-events.js";
import { userNames } from "../../accounts/public.js";
import { commentOfEvent, mentionTag, type NotifiedReply, type NotifiedThread, type StoredMention } from "../../comments/public.js";
import { designSummaries, designUrls, type DesignSummaryData } from "../../designs/public.js";
import { teamsOfUsers } from "../../identity/public.js";
import type { EventKind } from "./kinds.js";

/**
 * What integrations are told, in the design platform's specification's words: each event becomes a
 * `Notification { id, created_at, content }` per user it concerns, `content.type` its kind
 * (`NotificationContent`: `comment`, `design_mention`, `suggestion`), or this platform's own
 * `job_finished` (job-finished.ts). The content is read once, when the event is fanned out: every
 * attempt and redelivery sends the same notification.
 */

type Json = Prisma.InputJsonObject;

/** What design links are signed with (the designs domain's key) and where they point. */
export interface DesignLinks {
  publicUrl: string;
  viewKey: Buffer;
}

/** One notification an event makes for one user (its `receiving_team_user` is added when it is addressed). */
export interface Addressee {
  userId: number;
  teamId: string | null;
  kind: EventKind;
  /** What tells this notification apart from another of the same event, kind and user (`new`, `assigned`, `mention`…). */
  role: string;
  /** The notification's content, without `receiving_team_user`. */
  content: Json;
  /** Only this integration hears of it (a job's events go to the integration that started it). */
  onlyClientId?: string;
}

/** The object without members that are undefined (absent in the JSON). */
function present<T extends Record<string, unknown>>(object: T): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Json;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Display names of the users an event names, to write `User` and `TeamUser` objects with. */
class People {
  private readonly names: Map<number, string>;

  constructor(names: Map<number, string>) {
    this.names = names;
  }

  static async of(db: PrismaClient, ids: readonly (number | null | undefined)[]): Promise<People> {
    return new People(await userNames(db, [...new Set(ids.filter((id): id is number => typeof id === "number"))]));
  }

  /** `User { id, display_name }`. */
  user(id: number): Json {
    return present({ id: designUserId(id), display_name: this.names.get(id) });
  }

  /** `User`, or absent for none. */
  optionalUser(id: number | null): Json | undefined {
    return id === null ? undefined : this.user(id);
  }

  /** `TeamUser { user_id, team_id, display_name }`. */
  teamUser(id: number, teamId: string | null): Json {
    return present({ user_id: designUserId(id), team_id: teamId ?? undefined, display_name: this.names.get(id) });
  }

  /** `{ "U…:T…": { tag, user: TeamUser } }`. */
  mentions(mentions: readonly StoredMention[]): Json {
    return Object.fromEntries(mentions.map((mention) => [mentionTag(mention), { tag: mentionTag(mention), user: this.teamUser(mention.userId, mention.teamId) }]));
  }

  /** The deprecated mentions: `{ "U…:T…": TeamUser }`. */
  deprecatedMentions(mentions: readonly StoredMention[]): Json {
    return Object.fromEntries(mentions.map((mention) => [mentionTag(mention), this.teamUser(mention.userId, mention.teamId)]));
  }
}

/** The specification's `Thread`: a comment (message, mentions, assignee, resolver) or a suggestion (edits, status). */
function threadBody(people: People, { row, mentions, suggestedEdits }: NotifiedThread): Json {
  const threadType =
    row.kind === "suggestion"
      ? { type: "suggestion", suggested_edits: suggestedEdits.map((edit) => present({ ...edit })), status: row.suggestionStatus ?? "open" }
      : present({
          type: "comment",
          content: { plaintext: row.message },
          mentions: people.mentions(mentions),
          assignee: people.optionalUser(row.assigneeId),
          resolver: people.optionalUser(row.resolverId),
        });
  return { id: row.id, design_id: row.designId, thread_type: threadType, author: people.user(row.authorId), created_at: seconds(row.createdAt), updated_at: seconds(row.updatedAt) };
}

/** The specification's `Reply`. */
function replyBody(people: People, { row, mentions }: NotifiedReply): Json {
  return {
    id: row.id,
    design_id: row.designId,
    thread_id: row.threadId,
    author: people.user(row.authorId),
    content: { plaintext: row.message },
    mentions: people.mentions(mentions),
    created_at: seconds(row.createdAt),
    updated_at: seconds(row.updatedAt),
  };
}

/** The deprecated `comment.data`: a thread as a parent comment, a reply as a reply comment. */
function deprecatedCommentBody(people: People, thread: NotifiedThread, reply: NotifiedReply | null): Json {
  const { row, mentions } = reply ?? thread;
  const common = {
    id: row.id,
    attached_to: { type: "design", design_id: row.designId },
    message: row.message,
    author: people.user(row.authorId),
    created_at: seconds(row.createdAt),
    updated_at: seconds(row.updatedAt),
    mentions: people.deprecatedMentions(mentions),
  };
  if (reply) return { type: "reply", ...common, thread_id: reply.row.threadId };
  return present({ type: "parent", ...common, assignee: people.optionalUser(thread.row.assigneeId), resolver: people.optionalUser(thread.row.resolverId) });
}

/** The specification's `DesignSummary`, with links to edit and view the design (signed, valid 30 days). */
function designBody(design: DesignSummaryData, urls: { editUrl: string; viewUrl: string }): Json {
  return present({
    id: design.id,
    title: design.title,
    urls: { edit_url: urls.editUrl, view_url: urls.viewUrl },
    created_at: seconds(design.createdAt),
    updated_at: seconds(design.updatedAt),
    page_count: design.pageCount,
  });
}

/** The deprecated `comment.type` of each comment event. */
const DEPRECATED_TYPE = { new: "comment", assigned: "assign", resolved: "resolve", reply: "reply", mention: "mention" } as const;

/**
 * Who hears of a comment event, and what:
 *
 * - a new comment thread: the design's owner (`owner`) (`comment`, `new`), its assignee (`comment`, `assigned`),
 *   every other user it mentions (`comment`, `mention`); every user it mentions, the assignee too, also
 *   `design_mention`;
 * - a reply: the design's owner (`comment`, `reply`), every user it mentions (`comment`, `mention`, and
 *   `design_mention`);
 * - a thread resolved: the design's owner (`comment`, `resolved`), the resolver the triggering user;
 * - a new suggestion thread: the design's owner (`suggestion`, `new`); a reply to one: the owner
 *   (`suggestion`, `reply`), every user it mentions (`suggestion`, `mention`, and `design_mention`).
 *
 * A thread or reply deleted before the event is fanned out is told to no one.
 */
export async function commentAddressees(db: PrismaClient, links: DesignLinks, event: CommentEvent, owner: number): Promise<Addressee[]> {
  const [found, [design]] = await Promise.all([commentOfEvent(db, event.threadId, event.replyId), designSummaries(db, [event.designId])]);
  if (!found || !design) return [];
  const { thread, reply } = found;
  const mentioned = (reply ?? thread).mentions;
  const people = await People.of(db, [event.authorId, owner, thread.row.authorId, thread.row.assigneeId, thread.row.resolverId, reply?.row.authorId, ...thread.mentions.map((m) => m.userId), ...mentioned.map((m) => m.userId)]);
  const urls = designUrls(links, design.id);
  const base = { triggering_user: people.user(event.authorId), design: designBody(design, urls) };
  const threadJson = threadBody(people, thread);
  const threadUrl = `${urls.editUrl}#thread=${encodeURIComponent(thread.row.id)}`;
  const replyJson = reply && replyBody(people, reply);
  const replyUrl = reply && `${threadUrl}&reply=${encodeURIComponent(reply.row.id)}`;
  const to = (userId: number, kind: EventKind, role: string, content: Json): Addressee => ({ userId, teamId: event.teamId, kind, role, content });

  const comment = (type: keyof typeof DEPRECATED_TYPE, commentEvent: Json): Json => ({
    type: "comment",
    ...base,
    comment_url: replyUrl ?? threadUrl,
    comment: { type: DEPRECATED_TYPE[type], data: deprecatedCommentBody(people, thread, reply) },
    comment_event: commentEvent,
  });
  const suggestion = (eventType: Json): Json => ({ type: "suggestion", ...base, suggestion_event_type: eventType });
  const designMention: Json = { type: "design_mention", ...base };

  const addressees: Addressee[] = [];
  if (event.change === "resolved") {
    addressees.push(to(owner, "comment", "resolved", comment("resolved", { type: "resolved", comment_url: threadUrl, comment: threadJson })));
    return addressees;
  }
  if (thread.row.kind === "suggestion") {
    if (!reply) {
      addressees.push(to(owner, "suggestion", "new", suggestion({ type: "new", suggestion_url: threadUrl, suggestion: threadJson })));
      return addressees;
    }
    addressees.push(to(owner, "suggestion", "reply", suggestion({ type: "reply", reply_url: replyUrl, reply: replyJson })));
    for (const { userId } of mentioned) {
      addressees.push(to(userId, "suggestion", "mention", suggestion({ type: "mention", reply_url: replyUrl, reply: replyJson })));
      addressees.push(to(userId, "design_mention", "mention", designMention));
    }
    return addressees;
  }
  if (reply) {
    addressees.push(to(owner, "comment", "reply", comment("reply", { type: "reply", reply_url: replyUrl, reply: replyJson })));
    for (const { userId } of mentioned) {
      addressees.push(to(userId, "comment", "mention", comment("mention", { type: "mention", content: { type: "reply", reply_url: replyUrl, reply: replyJson } })));
      addressees.push(to(userId, "design_mention", "mention", designMention));
    }
    return addressees;
  }
  addressees.push(to(owner, "comment", "new", comment("new", { type: "new", comment_url: threadUrl, comment: threadJson })));
  const assignee = thread.row.assigneeId;
  if (assignee !== null) addressees.push(to(assignee, "comment", "assigned", comment("assigned", { type: "assigned", comment_url: threadUrl, comment: threadJson })));
  for (const { userId } of mentioned) {
    if (userId !== assignee) addressees.push(to(userId, "comment", "mention", comment("mention", { type: "mention", content: { type: "thread", comment_url: threadUrl, comment: threadJson } })));
    addressees.push(to(userId, "design_mention", "mention", designMention));
  }
  return addressees;
}

/** A finished job, told to the integration that started it (this platform's `job_finished` extension). */
export async function jobAddressees(db: PrismaClient, event: JobFinishedEvent): Promise<Addressee[]> {
  const team = (await teamsOfUsers(db, [event.userId])).get(event.userId) ?? null;
  const job = present({ id: event.jobId, type: event.jobKind, status: event.status, error_code: event.errorCode ?? undefined });
  return [{ userId: event.userId, teamId: team, kind: "job_finished", role: "job", content: { type: "job_finished", job, ...event.resourceIds }, onlyClientId: event.clientId }];
}

/** The notification as delivered: `receiving_team_user` is the user the addressee is. */
export async function notificationsOf(db: PrismaClient, addressees: readonly Addressee[]): Promise<(id: string, createdAt: Date, addressee: Addressee) => Json> {
  const people = await People.of(db, addressees.map((addressee) => addressee.userId));
  return (id, createdAt, addressee) => {
    const { type, triggering_user, ...rest } = addressee.content;
    const content = present({ type, triggering_user, receiving_team_user: people.teamUser(addressee.userId, addressee.teamId), ...rest });
    return { id, created_at: seconds(createdAt), content };
  };
}
