/** Where a tab keeps the editor's design-platform token: put there by the sign-in's last page or a pasted token, read by the editor. */
export const TOKEN_KEY = "design-editor-token";
