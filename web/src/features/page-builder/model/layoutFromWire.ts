import type { Layout } from './editorState';

/**
 * A layout as the server answers it (`laden_layout`, typed there as any JSON): the server only
 * stores layouts it has checked, so the shape is trusted once its frame is there; `null` otherwise.
 */
export function layoutFromWire(value: unknown): Layout | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as { version?: unknown; sections?: unknown };
  return typeof v.version === 'number' && Array.isArray(v.sections) ? (value as Layout) : null;
}
