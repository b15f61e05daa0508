/**
 * The page's entry. The HTML shell has drawn the brand's skeleton and, on the home page, its
 * billboard; they paint before the app's code is fetched and run, so a slow phone shows the brand
 * at once and the billboard's file does not share the network with the app's scripts.
 * (No top-level await anywhere in the app: it turns off the bundler's merging of shared chunks.)
 */
import { afterShellPaint } from './wiring/shellPaint.ts';

void afterShellPaint(document).then(() => import('./start.tsx'));
