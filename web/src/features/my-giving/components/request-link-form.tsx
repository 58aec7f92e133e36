import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useRequestLink } from '../api/request-link';

/** The e-mail field and its answer: the same words whether or not the address has gifts. */
export function RequestLinkForm({ headingId }: { headingId: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestLink();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setError('Please enter your e-mail address');
      return;
    }
    setError(null);
    request.mutate(email.trim(), {
      onError: (err) => setError(errorMessage(err, 'Something went wrong. Please try again.')),
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby={headingId} noValidate className="stack">
      <TextField
        label="Your e-mail address"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hint="The address you used when you gave."
        error={error}
      />
      <div>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'E-mail me a sign-in link'}
        </Button>
      </div>
      <div aria-live="polite">
        {request.isSuccess && (
          <Alert variant="success">
            <AlertTitle>Check your e-mail</AlertTitle>
            <AlertDescription>{request.data.message}</AlertDescription>
          </Alert>
        )}
      </div>
    </form>
  );
}
