/**
 * The page editor's preview frame as a visitor's page sees it: the parameter that makes a page
 * the frame, and the messages between the editor and the frame (the rest is `preview.ts`).
 */

/** The query parameter that makes a page the editor's preview frame. */
export const PREVIEW_PARAM = 'editor_preview';
export const PREVIEW_MESSAGE = 'laden-editor-preview';
export const PREVIEW_READY = 'laden-editor-preview-ready';

export const previewModeIn = (search: string): boolean => new URLSearchParams(search).get(PREVIEW_PARAM) === '1';
