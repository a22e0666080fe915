import { randomBytes } from "node:crypto";
import type { PrismaClient, Team, TeamPlan } from "../../../generated/prisma/client.js";
import { NotFoundError } from "../../../lib/errors.js";

export const CAPABILITIES = ["analytics", "autofill", "brand_template", "export_png_transparency", "resize", "team_restricted_app"] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Which plans hold each capability. */
const PLANS_WITH: Record<Capability, readonly TeamPlan[]> = {
  analytics: ["enterprise"],
  autofill: ["enterprise"],
  brand_template: ["enterprise"],
  export_png_transparency: ["pro", "enterprise"],
  resize: ["pro", "enterprise"],
  team_restricted_app: ["enterprise", "education"],
};

export function capabilitiesOf(plan: TeamPlan): Capability[] {
  return CAPABILITIES.filter((capability) => PLANS_WITH[capability].includes(plan));
}

/**
 * Plans with premium features, which `pro` quality exports need. The specification names no
 * capability for it (only "a plan that has premium features, such as Canva Pro"), so it is not listed
 * among the capabilities.
 */
const PREMIUM_PLANS: readonly TeamPlan[] = ["pro", "enterprise"];

export const hasPremiumFeatures = (plan: TeamPlan): boolean => PREMIUM_PLANS.includes(plan);


function newTeamId(): string {
  return `T${randomBytes(12).toString("base64url")}`;
}

/** The user's team; a personal team on the free plan is made the first time the user is seen. */
export async function teamOf(db: PrismaClient, userId: number, displayName = "Personal"): Promise<Team> {
  const membership = await db.teamMembership.findUnique({ where: { userId }, include: { team: true } });
  if (membership) return membership.team;
  return db.$transaction(async (tx) => {
    const team = await tx.team.create({ data: { id: newTeamId(), name: `${displayName}'s team` } });
    const joined = await tx.teamMembership.createMany({ data: [{ userId, teamId: team.id }], skipDuplicates: true });
    if (joined.count === 1) return team;
    // Another request made the user's team first: keep that one.
    await tx.team.delete({ where: { id: team.id } });
    return (await tx.teamMembership.findUniqueOrThrow({ where: { userId }, include: { team: true } })).team;
  });
}

export async function setPlan(db: PrismaClient, teamId: string, plan: TeamPlan): Promise<Team> {
  const updated = await db.team.updateMany({ where: { id: teamId }, data: { plan } });
  if (updated.count === 0) throw new NotFoundError("Team not found");
  return db.team.findUniqueOrThrow({ where: { id: teamId } });
}
