import type { PrismaClient } from "../../lib/db/database.js";
import type { BusinessTokenService } from "../../lib/auth/business-token.js";
import type { CurrentRoles } from "../../lib/auth/current-roles.js";
import type { Logger } from "../../lib/logger.js";
import type { DomainContext } from "../../lib/modules/domain-module.js";
import type { Limiter } from "../../lib/rate-limit.js";
import type { EmailVerificationSettings } from "./domain/email-verification.js";
import type { AccountsLoaders } from "./loaders.js";
import type { AccountsSettings } from "./settings.js";

/** Long-lived parts shared by every request of the accounts subgraph. */
export interface AccountsDependencies {
  db: PrismaClient;
  tokens: BusinessTokenService;
  /** Announces role changes to every subgraph. */
  roles: CurrentRoles;
  signIn: AccountsSettings["blockchainSignIn"];
  bootstrap: AccountsSettings["bootstrap"];
  emailVerification: EmailVerificationSettings;
  log: Logger;
  limits: AccountsLimits;
}

export interface AccountsLimits {
  /** Failed logins per email or address. */
  loginFailures: Limiter;
  /** Sign-in challenges issued per address. */
  challenges: Limiter;
  /** Accounts created per client network address. */
  registrationsPerAddress: Limiter;
  /** Password hashes and signature checks per client network address. */
  credentialChecksPerAddress: Limiter;
  /** Email verification links requested per user. */
  emailVerificationRequests: Limiter;
}

export type AccountsContext = DomainContext<AccountsDependencies, AccountsLoaders>;
