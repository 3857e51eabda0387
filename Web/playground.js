// The playground's shell: tabs, the connection indicator, and each demo started once.
const demos = {
  code: () => import("/assets/code.js"),
  comment: () => import("/assets/comment.js"),
  story: () => import("/assets/story.js"),
  animation: () => import("/assets/animation.js"),
  flow: () => import("/assets/flow.js"),
};
const started = new Map();
const indicator = document.getElementById("connection");

export function setConnectionState(state) {
  indicator.dataset.state = state;
  indicator.textContent = state;
}

async function show(name) {
  for (const button of document.querySelectorAll("#tabs button")) {
    button.classList.toggle("selected", button.dataset.demo === name);
  }
  for (const section of document.querySelectorAll(".demo")) {
    section.hidden = section.id !== `demo-${name}`;
  }
  if (!started.has(name)) {
    const section = document.getElementById(`demo-${name}`);
    started.set(name, demos[name]().then((module) => module.start(section, { setConnectionState })));
  }
  await started.get(name);
  document.body.dataset.ready = [...started.keys()].join(" ");
}

for (const button of document.querySelectorAll("#tabs button")) {
  button.addEventListener("click", () => show(button.dataset.demo));
}
const initial = new URLSearchParams(location.search).get("demo") ?? "code";
show(initial in demos ? initial : "code");
