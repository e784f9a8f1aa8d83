import { useState } from 'react';

interface VideoFacadeProps {
  title: string;
  /** The player's embed address (SETUP_VIDEO_URL); nothing is requested from it until play. */
  embedUrl: string;
}

/**
 * A click-to-load video: the page itself asks no third party for anything, so the player and
 * its tracking arrive only when the visitor chooses to watch.
 */
export function VideoFacade({ title, embedUrl }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);

  if (playing) {
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
      <button type="button" className="video-play" onClick={() => setPlaying(true)}>
        <span className="video-play-icon" aria-hidden="true">
          ▶
        </span>
        <span>Play video: {title}</span>
        <span className="small">The video loads from an external player when you click.</span>
      </button>
    </div>
  );
}
