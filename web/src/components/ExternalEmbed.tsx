import { useEffect, useRef, useState } from 'react';
import { t } from '../lib/i18n';
import { embedProvider } from '../lib/embeds';
import type { ImageData } from '../lib/types';

/**
 * An iframe of another site's player (YouTube, Vimeo), loaded only on the visitor's request:
 * until then, what loading sends where and a button that loads it and hands the focus to the
 * player. An iframe of this site loads at once. The server renders the notice, never the iframe.
 */
export function ExternalEmbed({
  src,
  title,
  poster,
  tabIndex,
}: {
  src: string;
  title: string;
  poster?: ImageData | null | undefined;
  /** -1 while the embed is out of view (a carousel's other slide). */
  tabIndex?: number | undefined;
}) {
  const provider = embedProvider(src);
  const [asked, setAsked] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (asked) frame.current?.focus();
  }, [asked]);

  if (asked || !provider) {
    return (
      <iframe
        ref={frame}
        src={src}
        title={title}
        loading="lazy"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        tabIndex={tabIndex}
      />
    );
  }
  return (
    <div className="embed-consent" role="group" aria-label={title}>
      {poster && <img src={poster.large.src} alt="" loading="lazy" />}
      <p>
        {t('Loading the video sends data to %s, such as your IP address.', provider.name)}{' '}
        {provider.privacy && (
          <a href={provider.privacy} target="_blank" rel="noopener noreferrer" tabIndex={tabIndex}>
            {t('Privacy policy of %s', provider.name)}
          </a>
        )}
      </p>
      <button type="button" className="button button--primary" tabIndex={tabIndex} onClick={() => setAsked(true)}>
        {t('Load video')}
      </button>
    </div>
  );
}
