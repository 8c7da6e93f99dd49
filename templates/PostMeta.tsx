import { Icon } from './Icons.js';

/** Date and reading time under a post title. */
export function PostMeta({ date, formattedDate, readingTime }: { date: string; formattedDate: string; readingTime?: number }) {
  return (
    <div className="post-meta">
      <time dateTime={date}>{formattedDate}</time>
      {readingTime ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="reading-time">
            <Icon name="clock" /> {readingTime} min read
          </span>
        </>
      ) : null}
    </div>
  );
}
