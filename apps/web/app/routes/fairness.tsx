export default function FairnessRoute() {
  return null;
}
