import type { Resolvers } from "../__generated__/resolvers-types.js";
import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import { AutofillData } from "./AutofillData.js";
import { AutofillDesignSummary } from "./AutofillDesignSummary.js";
import { BrandTemplate } from "./BrandTemplate.js";
import { DesignAutofillJob } from "./DesignAutofillJob.js";
import { createDesignAutofillJob } from "./Mutation/createDesignAutofillJob.js";
import { publishBrandTemplate } from "./Mutation/publishBrandTemplate.js";
import { designDataset } from "./Query/designDataset.js";
import { brandTemplate } from "./Query/brandTemplate.js";
import { brandTemplateDataset } from "./Query/brandTemplateDataset.js";
import { brandTemplates } from "./Query/brandTemplates.js";
import { designAutofillJob } from "./Query/designAutofillJob.js";

/** Subscription fields are declared here for composition; the gateway serves them (see gateway/subscriptions). */
export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  AutofillData,
  Query: { brandTemplates, brandTemplate, brandTemplateDataset, designDataset, designAutofillJob, autofillJob: designAutofillJob },
  Mutation: { publishBrandTemplate, createDesignAutofillJob },
  BrandTemplate,
  AutofillDesignSummary,
  DesignAutofillJob,
};
