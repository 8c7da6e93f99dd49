/**
 * What the client shows in the page's place when it cannot show the page:
 * a load failure ("Retry") or a render crash ("Try again").
 */
export function ErrorView({ title, message, action, onAction }: { title: string; message: string; action: string; onAction: () => void }) {
  return (
    <main id="main-content" className="page-main folio-error" tabIndex={-1}>
      <div className="page-container narrow">
        <div className="folio-error-box" role="alert">
          <h1 className="folio-error-title">{title}</h1>
          <p className="folio-error-message">{message}</p>
          <button type="button" className="folio-error-action" onClick={onAction}>
            {action}
          </button>
        </div>
      </div>
    </main>
  );
}

export const CRASH_TITLE = 'This page crashed.';
export const LOAD_ERROR_TITLE = 'This page could not be loaded.';
