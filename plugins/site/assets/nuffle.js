// placeholder replaced by the browser work
