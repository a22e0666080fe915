import type { DesignElement as DesignElementModel } from "../../../generated/prisma/client.js";
import type { DesignElementResolvers, ImageElementResolvers, ShapeElementResolvers, TextElementResolvers } from "../__generated__/resolvers-types.js";

const TYPE_OF_KIND = { image: "ImageElement", text: "TextElement", shape: "ShapeElement" } as const;

export const DesignElement: DesignElementResolvers = {
  __resolveType: (element) => TYPE_OF_KIND[element.kind],
};

export const ImageElement: ImageElementResolvers = {
  asset: (element: DesignElementModel) => ({ id: element.assetId! }),
};

export const TextElement: TextElementResolvers = {
  text: (element: DesignElementModel) => element.text ?? "",
  fontSize: (element: DesignElementModel) => element.fontSize ?? 0,
  color: (element: DesignElementModel) => element.color ?? "#000000",
};

export const ShapeElement: ShapeElementResolvers = {
  shape: (element: DesignElementModel) => element.shape ?? "rect",
  fill: (element: DesignElementModel) => element.fill ?? "#000000",
};
