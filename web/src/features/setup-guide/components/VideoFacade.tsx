import { useState } from 'react';

interface VideoFacadeProps {
  title: string;
  /** The player's embed address; nothing is requested from it until the visitor clicks play. */
  embedUrl: string | undefined;
}

/**
 * A click-to-load video: the page itself asks no third party for anything, so the player and
 * its tracking arrive only when the visitor chooses to watch.
 */
export function VideoFacade({ title, embedUrl }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);

  if (playing && embedUrl) {
    return (
      <div className="video-frame">
        <iframe
          src={embedUrl}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      </div>
    );
  }

  return (
    <div className="video-frame video-facade">
      {embedUrl ? (
        <button type="button" className="video-play" onClick={() => setPlaying(true)}>
          <span className="video-play-icon" aria-hidden="true">
            ▶
          </span>
          <span>Play video: {title}</span>
          <span className="small">The video loads from an external player when you click.</span>
        </button>
      ) : (
        <p className="video-unavailable">
          <span className="video-play-icon" aria-hidden="true">
            ▶
          </span>
          <span>The {title.toLowerCase()} video is coming soon. Until then, the steps above cover it.</span>
        </p>
      )}
    </div>
  );
}
