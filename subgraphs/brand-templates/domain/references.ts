/** A data field as answered: of a template's dataset or a design's. */
export interface DataFieldShape {
  name: string;
  type: "text" | "image" | "chart";
}
