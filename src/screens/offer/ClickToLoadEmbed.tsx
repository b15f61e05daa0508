import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import { embedUrl } from './offerLinks.ts';
import * as styles from './embed.css.ts';

export type EmbedKind = 'spotify' | 'youTube';

const permissions: Record<EmbedKind, string> = {
  spotify: 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture',
  youTube: 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share',
};

/**
 * A Spotify or YouTube player that loads nothing from the service until the member asks for it
 * (privacy: no third-party request, no cookies before the click). The placeholder has the
 * player's size, so loading it moves nothing.
 */
export function ClickToLoadEmbed({ kind, src }: { kind: EmbedKind; src: string }) {
  const { t } = useLingui();
  // Shown or not is view state only; nothing is fetched by this component itself.
  const [requested, setRequested] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (requested) frameRef.current?.focus();
  }, [requested]);
  const url = embedUrl(kind, src);
  if (!url) return null;
  const title = kind === 'spotify' ? t`Spotify player` : t`YouTube video`;

  return (
    <div className={styles.frame[kind]}>
      {requested ? (
        <iframe
          ref={frameRef}
          className={styles.iframe}
          src={url}
          title={title}
          sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
          allow={permissions[kind]}
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className={styles.placeholder}>
          <p className={styles.notice}>
            {kind === 'spotify'
              ? t`This player comes from Spotify. Loading it shares data with Spotify.`
              : t`This video comes from YouTube. Loading it shares data with YouTube.`}
          </p>
          <Button onClick={() => setRequested(true)}>{kind === 'spotify' ? t`Load Spotify player` : t`Load YouTube video`}</Button>
        </div>
      )}
    </div>
  );
}
