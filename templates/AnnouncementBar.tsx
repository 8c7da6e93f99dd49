import { useEffect, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../src/shared/storage.js';
import { useSite } from './context.js';
import { Icon } from './Icons.js';

/**
 * The announcement bar. A dismissal is remembered by the bar's id, so a new
 * id shows the bar again. The head script hides a dismissed bar before first
 * paint (html[data-announcement-dismissed]), so there is no layout shift.
 */
export function AnnouncementBar() {
  const site = useSite();
  const bar = site.announcementBar;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (bar && readStorage(STORAGE_KEYS.announcementDismissed) === bar.id) setDismissed(true);
  }, [bar]);
  if (!bar || dismissed) return null;
  return (
    <section
      className="announcement-bar"
      aria-label="Announcement"
      data-announcement-id={bar.id}
      style={{ ...(bar.backgroundColor ? { backgroundColor: bar.backgroundColor } : {}), ...(bar.textColor ? { color: bar.textColor } : {}) }}
    >
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.dismissible ? (
        <button
          type="button"
          className="announcement-close icon-button"
          aria-label="Close announcement"
          onClick={() => {
            writeStorage(STORAGE_KEYS.announcementDismissed, bar.id);
            document.documentElement.dataset.announcementDismissed = 'true';
            setDismissed(true);
          }}
        >
          <Icon name="close" size={16} />
        </button>
      ) : null}
    </section>
  );
}
