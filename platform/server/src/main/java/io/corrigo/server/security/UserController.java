package io.corrigo.server.security;

import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** {@code /api/v1/users} (platform admins only, enforced by {@link ApiSecurity}): admin accounts. */
@RestController
@RequestMapping("/api/v1/users")
class UserController {

    private final AdminUsers users;

    UserController(AdminUsers users) {
        this.users = users;
    }

    record CreateUser(String username, String password, Role role, List<String> tenants) {
    }

    record UpdateUser(Role role, List<String> tenants, Boolean enabled) {
    }

    record ChangePassword(String password) {
    }

    @GetMapping
    List<UserView> list() {
        return users.list();
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    UserView create(@RequestBody CreateUser request) {
        return users.create(request.username(), request.password(), request.role(), request.tenants());
    }

    @PatchMapping("/{username}")
    UserView update(@PathVariable String username, @RequestBody UpdateUser request) {
        return users.update(username, request.role(), request.tenants(), request.enabled());
    }

    @PutMapping("/{username}/password")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void changePassword(@PathVariable String username, @RequestBody ChangePassword request) {
        users.changePassword(username, request.password());
    }

    @DeleteMapping("/{username}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable String username) {
        users.delete(username);
    }
}
