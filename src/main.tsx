/**
 * The page's entry. The HTML shell has drawn the brand's skeleton and, on the home page, its
 * billboard; they paint before the app's code is fetched and run, so a slow phone shows the brand
 * at once and the billboard's file does not share the network with the app's scripts.
 */
import { afterShellPaint } from './wiring/shellPaint.ts';

await afterShellPaint(document);
await import('./start.tsx');
