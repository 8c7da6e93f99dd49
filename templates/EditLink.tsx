import { Icon } from './Icons.js';

export function EditLink({ href }: { href?: string }) {
  if (!href) return null;
  return (
    <a className="edit-link" href={href} target="_blank" rel="noopener noreferrer">
      <Icon name="edit" /> Edit this page
    </a>
  );
}
