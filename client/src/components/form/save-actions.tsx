// The buttons that end a profile or listing edit: Save (Saving... while the call runs) and,
// where the form can be left without saving, Cancel.

export function SaveActions({
  saving,
  saveLabel = 'Save',
  onCancel,
}: {
  saving: boolean;
  saveLabel?: string;
  onCancel?: () => void;
}) {
  return (
    <div className="form-actions">
      <button className="button button--primary" type="submit" disabled={saving}>
        {saving ? 'Saving...' : saveLabel}
      </button>
      {onCancel ? (
        <button className="button button--secondary" type="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
