/**
 * The two readings of spec §9 "Viewport bands", each where the spec uses it:
 * `bandFor` for behaviour per device, `overlapBandFor` for the header overlap check.
 */
import {
  MOBILE_MAX_WIDTH,
  OVERLAP_DESKTOP_ABOVE,
  OVERLAP_MOBILE_BELOW,
  OVERLAP_TABLET_MAX,
  OVERLAP_TABLET_MIN,
  TABLET_MAX_WIDTH,
} from '../config/constants';

export type Band = 'mobile' | 'tablet' | 'desktop';

/** Mobile ≤ 575.98, tablet ≤ 767.98, desktop above. */
export function bandFor(width: number): Band {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width <= TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

/** Desktop > 768, tablet 576–767.98, mobile < 575.98; `null` in the gaps (575.98–576, 767.98–768 inclusive of 768). */
export function overlapBandFor(width: number): Band | null {
  if (width > OVERLAP_DESKTOP_ABOVE) return 'desktop';
  if (width >= OVERLAP_TABLET_MIN && width <= OVERLAP_TABLET_MAX) return 'tablet';
  if (width < OVERLAP_MOBILE_BELOW) return 'mobile';
  return null;
}

/** The devices named in a header's `overlap` setting ("desktop tablet", "mobile,desktop", …). */
export function overlapDevices(overlap: string): Band[] {
  return overlap.split(/[\s,]+/).filter((d): d is Band => d === 'desktop' || d === 'tablet' || d === 'mobile');
}

/** Whether a header with this `overlap` setting overlaps the content at `width` (overlap-check reading). */
export function headerOverlapsAt(overlap: string, width: number): boolean {
  const band = overlapBandFor(width);
  return band !== null && overlapDevices(overlap).includes(band);
}

/**
 * The header behaviour in force at a band: tablet and mobile can each switch it
 * off (empty), desktop always has the configured one. Used by the header and
 * by the reviews link, which does not scroll where the behaviour is off.
 */
export function headerBehaviorAt<B extends string>(
  header: { behavior: B; behaviorTablet?: boolean; behaviorMobile?: boolean },
  band: Band,
): B | '' {
  if ((band === 'tablet' && header.behaviorTablet === false) || (band === 'mobile' && header.behaviorMobile === false)) return '';
  return header.behavior;
}
