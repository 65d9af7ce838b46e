export default function NoDrawer() {
  return null;
}
