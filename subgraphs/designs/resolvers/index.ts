import type { Resolvers } from "../__generated__/resolvers-types.js";
import { DateTimeResolver } from "../../../lib/graphql/scalars.js";
import { design } from "./Query/design.js";
import { designs } from "./Query/designs.js";
import { designPages } from "./Query/designPages.js";
import { designExportFormats } from "./Query/designExportFormats.js";
import { createDesign } from "./Mutation/createDesign.js";
import { copyDesign } from "./Mutation/copyDesign.js";
import { createDesignFromBrandTemplate } from "./Mutation/createDesignFromBrandTemplate.js";
import { editDesign } from "./Mutation/editDesign.js";
import { designEdits } from "./Query/designEdits.js";
import { designChanged } from "./Query/designChanged.js";
import { designViewers } from "./Query/designViewers.js";
import { enterDesignEditor } from "./Mutation/enterDesignEditor.js";
import { leaveDesignEditor } from "./Mutation/leaveDesignEditor.js";
import { DesignEditorViewer } from "./DesignEditorViewer.js";
import { DesignChange } from "./DesignChange.js";
import { Asset } from "./Asset.js";
import { Design } from "./Design.js";
import { DesignOwner } from "./DesignOwner.js";
import { DesignPage } from "./DesignPage.js";
import { DesignElement, ImageElement, ShapeElement, TextElement } from "./DesignElement.js";

export const resolvers: Resolvers = {
  DateTime: DateTimeResolver,
  Query: { design, designs, designPages, designExportFormats, designEdits, designChanged, designViewers },
  Mutation: { createDesign, copyDesign, createDesignFromBrandTemplate, editDesign, enterDesignEditor, leaveDesignEditor },
  DesignChange,
  DesignEditorViewer,
  Asset,
  Design,
  DesignOwner,
  DesignPage,
  DesignElement,
  ImageElement,
  TextElement,
  ShapeElement,
};
