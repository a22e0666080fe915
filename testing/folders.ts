import { ASSET_SCOPES, designToken } from "./assets.js";
import { DESIGN_SCOPES, startDesignPlatform, type DesignPlatform } from "./designs.js";
import type { HttpClient } from "./http.js";
import { approvedIntegration } from "./oauth.js";
import type { People, Person } from "./people.js";
import { DESIGN_DOMAINS, type TestDomains } from "./platform.js";

export const FOLDER_SCOPES = "folder:read folder:write";
const EVERY_SCOPE = `${DESIGN_SCOPES} ${ASSET_SCOPES} ${FOLDER_SCOPES}`;

/** A token of `person` with `scope` (every design, asset and folder scope unless said), through a fresh integration. */
export async function folderToken(http: HttpClient, p: People, person: Person, scope = EVERY_SCOPE): Promise<string> {
  return designToken(http, p, person, scope, await approvedIntegration(http, p, EVERY_SCOPE));
}

export interface FolderPlatform extends DesignPlatform {
  /** Every design, asset and folder scope: the client, the teammate (same team) and the outsider (another team). */
  owner: string;
  member: string;
  stranger: string;
}

/** The design platform's cast with folder tokens. */
export async function startFolderPlatform(env?: Record<string, string>, domains: TestDomains = [...DESIGN_DOMAINS, "folders"]): Promise<FolderPlatform> {
  const platform = await startDesignPlatform(env, domains);
  const { t, p } = platform;
  const [owner, member, stranger] = await Promise.all([p.client, p.otherClient, p.staff].map((person) => folderToken(t.http, p, person)));
  return { ...platform, owner, member, stranger };
}

/** A folder made through REST in `parent` (`root` unless said); its id. */
export async function madeFolder(http: HttpClient, token: string, name: string, parent = "root"): Promise<string> {
  const created = await http.post("/v1/folders", { name, parent_folder_id: parent }, { token });
  if (created.status !== 200) throw new Error(`folder: ${created.status} ${created.text}`);
  return created.body.folder.id as string;
}

/** A design made through REST; its id. */
export async function madeDesign(http: HttpClient, token: string, title: string): Promise<string> {
  const created = await http.post("/v1/designs", { design_type: { type: "preset", name: "doc" }, title }, { token });
  if (created.status !== 200) throw new Error(`design: ${created.status} ${created.text}`);
  return created.body.design.id as string;
}

/** Moves an item through REST, expecting the documented 204. */
export async function moved(http: HttpClient, token: string, itemId: string, toFolderId: string): Promise<void> {
  const response = await http.post("/v1/folders/move", { item_id: itemId, to_folder_id: toFolderId }, { token });
  if (response.status !== 204) throw new Error(`move: ${response.status} ${response.text}`);
}
