// Entry of a remote's standalone page (`npm run dev -w <remote>`). The async
// boundary lets Module Federation negotiate the shared singletons first.
void import('./dev-bootstrap');
