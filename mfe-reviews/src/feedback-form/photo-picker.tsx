import { useEffect, useId, useState } from 'react';

/**
 * The spec's photo pick: shown on the page only, never sent to the server.
 * Anything that is not an image is refused with a message.
 */
export function PhotoPicker() {
  const inputId = useId();
  const [photo, setPhoto] = useState<{ url: string; name: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  return (
    <div className="photo-picker">
      <label htmlFor={inputId}>Add a photo (optional)</label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          if (!file.type.startsWith('image/')) {
            setProblem('Please choose an image file (JPEG, PNG, WebP …).');
            event.target.value = '';
            return;
          }
          setProblem(null);
          setPhoto({ url: URL.createObjectURL(file), name: file.name });
        }}
      />
      <p className="photo-picker__note">Your photo stays on this device: it is not uploaded.</p>
      {problem && (
        <p className="photo-picker__problem" role="alert">
          {problem}
        </p>
      )}
      {photo && (
        <figure className="photo-picker__preview">
          <img src={photo.url} alt={`Your photo: ${photo.name}`} />
          <button type="button" className="button button--secondary" onClick={() => setPhoto(null)}>
            Remove photo
          </button>
        </figure>
      )}
    </div>
  );
}
