import type { PrismaClient, Role, User } from "../../../generated/prisma/client.js";
import { hasRole } from "../../../lib/auth/business-token.js";
import type { CurrentRoles } from "../../../lib/auth/current-roles.js";
import { ConflictError, ForbiddenError, NotFoundError, BadRequestError } from "../../../lib/errors.js";
import { lockUser } from "./prisma-errors.js";
import { validateId } from "./validation.js";

type Change = "promote" | "demote";

/** Who changes a role: a user as stored now, or the deployment's operator tools (with every right, and no account of their own). */
type Actor = Pick<User, "id" | "roles">;
export const OPERATOR_ACTOR: Actor = { id: 0, roles: ["SUPERUSER"] };

/**
 * Grants or removes one role. The caller must be ADMIN (SUPERUSER has every right). Only a SUPERUSER
 * grants SUPERUSER or changes a SUPERUSER; a user always keeps at least one role; an admin keeps
 * their own ADMIN; the initial SUPERUSER keeps SUPERUSER. Once committed, the change is announced so
 * that every subgraph applies it to the target's next request, whatever their token says.
 */
export async function changeRole(
  { db, roles }: { db: PrismaClient; roles: CurrentRoles },
  actor: Actor,
  change: Change,
  targetId: number,
  role: Role,
): Promise<string> {
  if (!hasRole(actor.roles, "ADMIN")) throw new ForbiddenError("Insufficient permissions");
  validateId(targetId, "userId");
  const message = await db.$transaction(async (tx) => {
    if (!(await lockUser(tx, targetId))) throw new NotFoundError("User not found");
    const target = await tx.user.findUniqueOrThrow({ where: { id: targetId }, include: { initialSuperuser: true } });
    const actorIsSuperuser = actor.roles.includes("SUPERUSER");
    if (!actorIsSuperuser && (target.roles.includes("SUPERUSER") || role === "SUPERUSER")) {
      throw new ForbiddenError("Insufficient permissions: only a SUPERUSER can change SUPERUSER accounts or grant SUPERUSER");
    }
    if (change === "promote") {
      if (target.roles.includes(role)) throw new ConflictError(`User already has role ${role}`);
      await tx.user.update({ where: { id: targetId }, data: { roles: [...target.roles, role] } });
      return `Role ${role} granted to user ${targetId}`;
    }
    if (!target.roles.includes(role)) throw new ConflictError(`User does not have role ${role}`);
    if (target.roles.length === 1) throw new BadRequestError("Cannot remove a user's last role");
    if (target.id === actor.id && role === "ADMIN") throw new ForbiddenError("An admin cannot remove their own ADMIN role");
    if (role === "SUPERUSER" && target.initialSuperuser) {
      throw new ForbiddenError("The initial SUPERUSER cannot be demoted");
    }
    await tx.user.update({ where: { id: targetId }, data: { roles: target.roles.filter((r) => r !== role) } });
    return `Role ${role} removed from user ${targetId}`;
  });
  await roles.changed(targetId);
  return message;
}
