import type { ReactNode } from 'react';

/**
 * A small, quiet button of a list row (move, indent, remove, approve…). `label` is its accessible
 * name where the visible text (an arrow) says too little.
 */
export function SmallButton({ label, onClick, children }: { label?: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="button button--small button--ghost" aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
