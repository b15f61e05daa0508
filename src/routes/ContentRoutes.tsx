import { ContentShell } from './ContentShell.tsx';

/** The content screen set: the shell with the navigator's stacked pages (loaded lazily). */
export default function ContentRoutes() {
  return <ContentShell />;
}
