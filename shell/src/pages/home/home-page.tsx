export function HomePage() {
  return (
    <section>
      <h1>Samgyup Plaridel</h1>
      <p>Opened 9:00 pm</p>
    </section>
  );
}
