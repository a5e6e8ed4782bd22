// Promise code as a JavaScript user writes it: reactions that take no parameter, resolve()
// with nothing, an executor that names only resolve, and an interval that clears itself through
// the variable its own `let` defines.
let ticks = 0;
let id = setInterval(() => {
    ticks += 1;
    console.log("tick", ticks);
    if (ticks == 2) {
        clearInterval(id);
    }
}, 40);
let ready = new Promise((resolve) => {
    setTimeout(() => resolve(), 5);
});
ready.then(() => console.log("ready"));
Promise.resolve(1).then(() => console.log("no parameter")).finally(() => console.log("finally"));
console.log("set up");
