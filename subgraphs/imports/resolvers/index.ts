import type { Resolvers } from "../__generated__/resolvers-types.js";
import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import { designImportJob } from "./Query/designImportJob.js";
import { urlImportJob } from "./Query/urlImportJob.js";
import { createDesignImportJob } from "./Mutation/createDesignImportJob.js";
import { createUrlImportJob } from "./Mutation/createUrlImportJob.js";
import { requestDesignImport } from "./Mutation/requestDesignImport.js";
import { DesignImportJob } from "./DesignImportJob.js";
import { DesignImportResult } from "./DesignImportResult.js";
import { ImportedDesignSummary } from "./ImportedDesignSummary.js";
import { UrlImportJob } from "./UrlImportJob.js";

/** Subscription fields are declared here for composition; the gateway serves them (see gateway/subscriptions). */
export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { designImportJob, urlImportJob },
  Mutation: { requestDesignImport, createDesignImportJob, createUrlImportJob },
  DesignImportJob,
  UrlImportJob,
  DesignImportResult,
  ImportedDesignSummary,
};
