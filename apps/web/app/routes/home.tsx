export default function Home() {
  return <h1>Casino</h1>;
}
