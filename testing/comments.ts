import { DESIGN_DOMAINS, type TestDomains } from "./platform.js";
import { designToken } from "./assets.js";
import { DESIGN_SCOPES, startDesignPlatform, type DesignPlatform } from "./designs.js";
import type { HttpClient } from "./http.js";
import { approvedIntegration } from "./oauth.js";
import type { People, Person } from "./people.js";

export const COMMENT_SCOPES = "comment:read comment:write";

/** A token of `person` with `scope`, through a fresh integration that may ask for the design and comment scopes. */
export async function commentToken(http: HttpClient, p: People, person: Person, scope = `${DESIGN_SCOPES} ${COMMENT_SCOPES}`): Promise<string> {
  const integration = await approvedIntegration(http, p, `${DESIGN_SCOPES} ${COMMENT_SCOPES}`);
  return designToken(http, p, person, scope, integration);
}

export interface CommentPlatform extends DesignPlatform {
  /** Comment and design tokens of the client, the teammate and the outsider (another team). */
  commenter: string;
  teammateCommenter: string;
  outsiderCommenter: string;
  /** A design of the client's team, and one of the outsider's team. */
  designId: string;
  outsiderDesignId: string;
  /** The client's and the outsider's team ids. */
  teamId: string;
  outsiderTeamId: string;
}

/** The design platform's cast with comment tokens, a design of the client's team and one of another team. */
export async function startCommentPlatform(env?: Record<string, string>, domains: TestDomains = [...DESIGN_DOMAINS, "comments"]): Promise<CommentPlatform> {
  const platform = await startDesignPlatform(env, domains);
  const { t, p } = platform;
  const [commenter, teammateCommenter, outsiderCommenter] = await Promise.all([p.client, p.otherClient, p.staff].map((person) => commentToken(t.http, p, person)));
  const designOf = async (token: string) => {
    const created = await t.http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title: "Commented" }, { token });
    if (created.status !== 200) throw new Error(`design: ${created.status} ${created.text}`);
    return created.body.design.id as string;
  };
  const teamOf = async (person: Person) => (await t.platform.runtime.db.prisma.teamMembership.findUniqueOrThrow({ where: { userId: person.userId } })).teamId;
  return {
    ...platform,
    commenter,
    teammateCommenter,
    outsiderCommenter,
    designId: await designOf(commenter),
    outsiderDesignId: await designOf(outsiderCommenter),
    teamId: await teamOf(p.client),
    outsiderTeamId: await teamOf(p.staff),
  };
}
