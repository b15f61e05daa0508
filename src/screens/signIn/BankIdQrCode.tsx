import type { JSX } from 'react';
import { QrCode } from '../../components/QrCode.tsx';
import * as styles from './bankId.css.ts';

/** The animated BankID QR code (loaded on demand with qrcode-generator). */
export function BankIdQrCode({ content, label, onFailed }: { content: string; label: string; onFailed: () => void }): JSX.Element | null {
  return <QrCode className={styles.qrCode} content={content} label={label} onFailed={onFailed} />;
}
