// Served as a file (the CSP allows no inline script). Every page works without it; it only adds
// the copy button and the confirmation before a key is revoked.
for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy);
    const status = document.getElementById(`${button.dataset.copy}-status`);
    try {
      await navigator.clipboard.writeText(source.textContent.trim());
      status.textContent = 'Copied to the clipboard.';
    } catch {
      window.getSelection().selectAllChildren(source);
      status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  });
}

for (const form of document.querySelectorAll('form[data-confirm]')) {
  form.addEventListener('submit', (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}
