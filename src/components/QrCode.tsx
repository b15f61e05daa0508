import { useEffect, useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** The dark modules of a QR code as one SVG path (with a 4-module quiet zone), or null when the content cannot be encoded. */
export function qrPath(content: string, level: 'L' | 'M' = 'L'): { size: number; path: string } | null {
  try {
    const qr = qrcode(0, level);
    qr.addData(content);
    qr.make();
    const count = qr.getModuleCount();
    let path = '';
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { size: count + 8, path };
  } catch {
    return null;
  }
}

export interface QrCodeProps {
  content: string;
  /** What a screen reader says of the image. */
  label: string;
  className?: string;
  level?: 'L' | 'M';
  onFailed?: () => void;
}

/**
 * A QR code as inline SVG (no image URL for the CSP to weigh), labelled for screen readers. The
 * content is also on `data-qr-content`, which is what a test or a simulated scanner reads.
 */
export function QrCode({ content, label, className, level, onFailed }: QrCodeProps) {
  const drawn = useMemo(() => qrPath(content, level), [content, level]);
  useEffect(() => {
    if (!drawn) onFailed?.();
  }, [drawn, onFailed]);
  if (!drawn) return null;
  return (
    <svg className={className} role="img" aria-label={label} data-qr-content={content} viewBox={`0 0 ${drawn.size} ${drawn.size}`} shapeRendering="crispEdges">
      <rect width={drawn.size} height={drawn.size} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
