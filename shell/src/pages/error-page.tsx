export function ErrorPage() {
  return <h1>Unexpected Application Error!</h1>;
}
