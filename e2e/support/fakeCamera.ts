import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import qrcode from 'qrcode-generator';
import { chromium, type Browser } from '@playwright/test';

const width = 640;
const height = 480;

/**
 * A Y4M video (YUV4MPEG2, 4:2:0) of `text` as a QR code, black on white with a quiet zone of
 * four modules, for Chromium's fake camera (`--use-file-for-fake-video-capture`), which loops it.
 * A few identical frames are enough. Answers the file's path.
 */
export function qrVideo(text: string, name: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount();
  const scale = Math.floor(Math.min(width, height) / (modules + 8));
  const size = modules * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules; row++) {
    for (let column = 0; column < modules; column++) {
      if (!qr.isDark(row, column)) continue;
      for (let y = 0; y < scale; y++) luma.fill(16, (top + row * scale + y) * width + left + column * scale, (top + row * scale + y) * width + left + (column + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = join(tmpdir(), `klubb-door-${name}-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
  return file;
}

/**
 * A browser whose camera shows `videoFile`, permission granted: the door screen's camera path
 * with the decoder Chromium on Linux gets (no BarcodeDetector there, so jsQR).
 */
export function browserWithCamera(launchOptions: { executablePath?: string; args?: string[] }, videoFile: string): Promise<Browser> {
  return chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${videoFile}`],
  });
}
