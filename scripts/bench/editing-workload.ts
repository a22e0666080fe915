/** What each editor follows: the edits of the design, with what a live editor applies. */
export const FOLLOW_DESIGN = `subscription($id: ID!) { designChanged(designId: $id) {
  version at author { id } changedElementIds removedElementIds
  operations { addElement { elementId pageId kind x y width height z text } updateElement { elementId x y width height text } } } }`;

export const EDIT_DESIGN = `mutation($id: ID!, $ops: [DesignOperationInput!]!) { editDesign(designId: $id, operations: $ops) { version createdElementIds } }`;

/**
 * One editor's `n`-th edit, a mix a person editing makes: a text box added, then moved, its text
 * changed, moved again (an editor with no element yet adds one).
 */
export function editorOperations(editor: number, n: number, pageId: string, elementId: string | undefined): Record<string, unknown>[] {
  const step = elementId === undefined ? 0 : n % 4;
  const x = (editor * 37 + n * 11) % 1000;
  const y = (editor * 53 + n * 7) % 600;
  if (step === 0) return [{ addElement: { pageId, kind: "text", x, y, width: 240, height: 48, text: `Editor ${editor + 1}` } }];
  if (step === 2) return [{ updateElement: { elementId, text: `Editor ${editor + 1}, edit ${n + 1}` } }];
  return [{ updateElement: { elementId, x, y } }];
}
