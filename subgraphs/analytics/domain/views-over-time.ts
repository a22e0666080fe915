import type { DesignPrincipal } from "../../../lib/auth/design-principal.js";
import { ValidationError } from "../../../lib/errors.js";
import type { AnalyticsContext } from "../context.js";
import { analyticsPage, pageItems } from "./pagination.js";
import { minuteOf } from "./recording.js";

const DAY_SECONDS = 86_400;
/** The range asked when none is given: the 30 days up to now. */
const DEFAULT_RANGE_DAYS = 30;
/** The longest range one request may ask for (documented). */
export const RANGE_DAYS_MAX = 366;
/** UTC offsets that exist: -12:00 to +14:00. */
const OFFSET_MINUTES = { min: -12 * 60, max: 14 * 60 };

/** What a views-over-time list keeps from its first page: the range and the time zone, as Unix seconds and an offset in seconds. */
interface Range {
  start: number;
  end: number;
  offset: number;
}

export interface ViewsOverTimeArgs {
  startTime?: Date | string | null;
  endTime?: Date | string | null;
  timezone?: string | null;
  limit?: number | null;
  continuation?: string | null;
}

/** `+HH:MM` / `-HH:MM` (or minutes, `600`) as seconds east of UTC; anything else is refused. */
export function utcOffsetSeconds(timezone: string): number {
  const clock = /^([+-])(\d{2}):(\d{2})$/.exec(timezone);
  const minutes = clock ? (clock[1] === "-" ? -1 : 1) * (Number(clock[2]) * 60 + Number(clock[3])) : /^[+-]?\d{1,4}$/.test(timezone) ? Number(timezone) : NaN;
  if (!Number.isInteger(minutes) || minutes < OFFSET_MINUTES.min || minutes > OFFSET_MINUTES.max || (clock && Number(clock[3]) > 59)) {
    throw new ValidationError("timezone", "timezone is not a valid UTC offset");
  }
  return minutes * 60;
}

/** The range asked (default the 30 days up to `now`), checked: start before end, at most 366 days. */
export function requestedRange(args: ViewsOverTimeArgs, now = new Date()): Range {
  const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);
  const end = seconds(args.endTime ?? now);
  const start = args.startTime ? seconds(args.startTime) : end - DEFAULT_RANGE_DAYS * DAY_SECONDS;
  if (start > end) throw new ValidationError("startTime", "start_time must be before end_time");
  if (end - start > RANGE_DAYS_MAX * DAY_SECONDS) throw new ValidationError("endTime", `start_time and end_time must be at most ${RANGE_DAYS_MAX} days apart`);
  return { start, end, offset: utcOffsetSeconds(args.timezone ?? "+00:00") };
}

/** The starts of the days (in the range's time zone) the range touches, as Unix seconds. */
export function dayStarts(range: Range): number[] {
  const first = Math.floor((range.start + range.offset) / DAY_SECONDS) * DAY_SECONDS - range.offset;
  const days: number[] = [];
  for (let day = first; day <= range.end; day += DAY_SECONDS) days.push(day);
  return days;
}

/** The design's views per day of the range, every day given (0 for a day without views), oldest first. */
export async function viewsOverTime(ctx: AnalyticsContext, caller: DesignPrincipal, designId: string, args: ViewsOverTimeArgs) {
  const page = analyticsPage(args, caller, ctx.continuationKey, [designId, "views-over-time"], () => requestedRange(args));
  const { start, end, offset } = page.state;
  const days = dayStarts(page.state).slice(page.offset, page.offset + page.limit + 1);
  const counted = days.length
    ? await ctx.db.$queryRaw<{ day: number; views: number }[]>`
        SELECT (floor((extract(epoch FROM minute) + ${offset}::int) / ${DAY_SECONDS}::int) * ${DAY_SECONDS}::int - ${offset}::int)::bigint AS day, count(*)::int AS views
        FROM design_views
        WHERE "designId" = ${designId} AND minute >= ${minuteOf(new Date(Math.max(start, days[0]) * 1000))}
          AND minute <= ${new Date(Math.min(end, days.at(-1)! + DAY_SECONDS - 1) * 1000)}
        GROUP BY 1`
    : [];
  const byDay = new Map(counted.map((row) => [Number(row.day), row.views]));
  const buckets = days.map((day) => ({ bucketStartAt: new Date(day * 1000), count: byDay.get(day) ?? 0 }));
  return pageItems(buckets, page, ctx.continuationKey);
}
