import { useEffect, useMemo } from 'react';
import qrcode from 'qrcode-generator';
import * as styles from './bankId.css.ts';

/** The dark modules of a QR code as one SVG path, or null when the content cannot be encoded. */
export function qrPath(content: string): { size: number; path: string } | null {
  try {
    const qr = qrcode(0, 'L');
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

/**
 * The animated BankID QR code as inline SVG (no image URL for the CSP to weigh). The content is
 * also on `data-qr-content`, which is what a test or the simulated phone reads.
 */
export function BankIdQrCode({ content, label, onFailed }: { content: string; label: string; onFailed: () => void }) {
  const drawn = useMemo(() => qrPath(content), [content]);
  useEffect(() => {
    if (!drawn) onFailed();
  }, [drawn, onFailed]);
  if (!drawn) return null;
  return (
    <svg
      className={styles.qrCode}
      role="img"
      aria-label={label}
      data-qr-content={content}
      viewBox={`0 0 ${drawn.size} ${drawn.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={drawn.size} height={drawn.size} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
