import DataLoader from "dataloader";
import type { OAuthClient, PrismaClient, Team } from "../../generated/prisma/client.js";
import { sharedIdLoader } from "../../lib/db/loaders.js";
import { teamOf } from "./domain/teams.js";

export interface IdentityLoaders {
  /** Each user's team; the few users seen for the first time get their personal team made. */
  teamByUserId: DataLoader<number, Team>;
  teamById: DataLoader<string, Team | null>;
  integrationById: DataLoader<string, OAuthClient | null>;
}

export function createLoaders(db: PrismaClient): IdentityLoaders {
  return {
    teamByUserId: new DataLoader(async (userIds) => {
      const memberships = await db.teamMembership.findMany({ where: { userId: { in: [...userIds] } }, include: { team: true } });
      const teams = new Map(memberships.map((membership) => [membership.userId, membership.team]));
      return Promise.all(userIds.map((userId) => teams.get(userId) ?? teamOf(db, userId)));
    }),
    teamById: sharedIdLoader(db.team),
    integrationById: sharedIdLoader(db.oAuthClient),
  };
}
