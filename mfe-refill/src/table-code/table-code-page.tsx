import { refillMessages } from '@samgyup/shared/validation';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ClientOnly, useNavigate, useSearchParams } from '@samgyup/shared';
import { loadTableCodeCheck } from './load-table-code-check';
import { rememberTable, TableCodeRejected, validateTable } from './validate-table';
import '../styles/refill.css';

/**
 * /refilling: the diner types the code the staff gave their table. Its heading and text are
 * its first screen, sent in the HTML (a first screen holds no controls: the form waits for
 * the page's script), so the page paints before any script runs.
 */
export function TableCodePage() {
  return (
    <section className="refill-page refill-page--narrow" aria-labelledby="refilling-title">
      <h1 id="refilling-title">Request a Refill</h1>
      <p>Enter the table code our staff gave you when you were seated. It is on the card at your table.</p>
      <ClientOnly
        fallback={
          <p className="refill-page__status" role="status">
            Loading the code box...
          </p>
        }
      >
        {() => <TableCodeForm />}
      </ClientOnly>
    </section>
  );
}

function TableCodeForm() {
  const navigate = useNavigate();
  const inputId = useId();
  const [params] = useSearchParams();
  // The QR code on the table opens /refilling?code=…: the code is filled in.
  const [code, setCode] = useState(() => (params.get('code') ?? '').trim().toUpperCase().slice(0, 32));
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  // Upper-cased in the field itself, cursor kept: were React to write the new value,
  // the cursor would jump to the end and the next letter typed mid-code land there.
  function onType(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target;
    const upper = field.value.toUpperCase();
    if (upper !== field.value) {
      const { selectionStart, selectionEnd } = field;
      field.value = upper;
      field.setSelectionRange(selectionStart, selectionEnd);
    }
    setCode(upper);
  }

  // Asked for ahead of Continue; a check that does not load is said when Continue needs it.
  function preloadCheck() {
    loadTableCodeCheck().catch(() => undefined);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    let tableCodeField;
    try {
      tableCodeField = await loadTableCodeCheck();
    } catch {
      setProblem(refillMessages.tableCodeCheckNotLoaded);
      setChecking(false);
      return;
    }
    const parsed = tableCodeField.safeParse(code);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0].message);
      setChecking(false);
      return;
    }
    setProblem(null);
    try {
      const table = await validateTable(parsed.data);
      rememberTable(table);
      void navigate('/refill-request');
    } catch (error) {
      setProblem(error instanceof TableCodeRejected ? error.message : 'Something went wrong. Please try again.');
      setChecking(false);
    }
  }

  return (
    <form className="table-code-form" onSubmit={onSubmit} onFocus={preloadCheck} noValidate>
      <label htmlFor={inputId}>Table code</label>
      <input
        id={inputId}
        className="table-code-form__input"
        value={code}
        onChange={onType}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        maxLength={32}
        placeholder="e.g. K7M2QD"
        aria-invalid={Boolean(problem)}
        aria-describedby={problem ? `${inputId}-problem` : undefined}
      />
      {problem && (
        <p id={`${inputId}-problem`} className="refill-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button refill-big-button" disabled={checking} aria-busy={checking}>
        {checking ? 'Checking your code…' : 'Continue'}
      </button>
    </form>
  );
}
