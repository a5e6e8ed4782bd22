// The JavaScript twin of rj_01_unhandled_reject.adesh: Node reports the rejection and exits 1.
console.log("start");
const p = Promise.reject(new Error("nobody handles this"));
const q = new Promise((resolve, reject) => {
    reject(new Error("rejected in an executor"));
});
console.log("end");
